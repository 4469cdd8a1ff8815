import TablePagination from '@mui/material/TablePagination';

/** Rows per page of the cabinet's conversions and postbacks. */
export const CPA_PAGE_SIZE = 10;

/** Pages through a list of `total` items, CPA_PAGE_SIZE at a time. */
export function CpaPager({
  total,
  page,
  onPage,
}: {
  total: number;
  page: number;
  onPage: (page: number) => void;
}) {
  return (
    <TablePagination
      component="div"
      count={total}
      page={page}
      rowsPerPage={CPA_PAGE_SIZE}
      rowsPerPageOptions={[CPA_PAGE_SIZE]}
      onPageChange={(_, next) => onPage(next)}
    />
  );
}
