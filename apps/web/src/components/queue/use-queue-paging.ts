import { useCallback, useState } from 'react';

export interface QueuePaging {
  page: number;
  limit: number;
  /** The first row of the page, as the list calls take it. */
  offset: number;
  setPage: (page: number) => void;
  /** A new page size starts again at the first page. */
  setLimit: (limit: number) => void;
  /** Back to the first page (a filter changed). */
  firstPage: () => void;
}

/** The page and page size of a queue; every setter is stable across renders. */
export function useQueuePaging(initialLimit = 20): QueuePaging {
  const [page, setPage] = useState(0);
  const [limit, setLimitState] = useState(initialLimit);
  const setLimit = useCallback((next: number) => {
    setLimitState(next);
    setPage(0);
  }, []);
  const firstPage = useCallback(() => setPage(0), []);
  return { page, limit, offset: page * limit, setPage, setLimit, firstPage };
}
