import { useState, type ReactNode } from 'react';
import Alert from '@mui/material/Alert';
import CircularProgress from '@mui/material/CircularProgress';
import Stack from '@mui/material/Stack';
import TablePagination from '@mui/material/TablePagination';
import Typography from '@mui/material/Typography';

/** The page and page size of a moderation list, as offset and limit for its query. */
export function usePaging(initialLimit = 20) {
  const [page, setPage] = useState(0);
  const [limit, setLimit] = useState(initialLimit);
  return { page, limit, offset: page * limit, setPage, setLimit };
}

export type Paging = ReturnType<typeof usePaging>;

/**
 * A moderation queue's cards: a spinner while loading, the error, the empty text, or the cards
 * with paging under them.
 */
export function PagedCards<T>({
  query,
  paging,
  labels,
  children,
}: {
  query: { isPending: boolean; isError: boolean; data?: { list: T[]; total: number } };
  paging: Paging;
  labels: { loading: string; error: string; empty: string };
  children: (item: T) => ReactNode;
}) {
  const list = query.data?.list ?? [];
  if (query.isPending) return <CircularProgress aria-label={labels.loading} />;
  if (query.isError) return <Alert severity="error">{labels.error}</Alert>;
  if (list.length === 0) return <Typography color="text.secondary">{labels.empty}</Typography>;
  return (
    <Stack spacing={2}>
      {list.map(children)}
      <TablePagination
        component="div"
        count={query.data?.total ?? 0}
        page={paging.page}
        onPageChange={(_event, next) => paging.setPage(next)}
        rowsPerPage={paging.limit}
        onRowsPerPageChange={(event) => {
          paging.setLimit(Number(event.target.value));
          paging.setPage(0);
        }}
        rowsPerPageOptions={[10, 20, 50]}
      />
    </Stack>
  );
}
