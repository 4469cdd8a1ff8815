import type { ReactNode } from 'react';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TablePagination from '@mui/material/TablePagination';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import type { QueuePaging } from './use-queue-paging.ts';

const PAGE_SIZES = [10, 20, 50];

export interface QueueColumn<Row> {
  /** The column's heading; none for a column of actions. */
  header?: string;
  cell: (row: Row) => ReactNode;
  align?: 'right';
}

interface QueueTableProps<Row extends { id: number }> {
  columns: readonly QueueColumn<Row>[];
  rows: readonly Row[];
  /** The whole queue's length under the current filters, for the pager. */
  total: number;
  paging: QueuePaging;
  /** Said in the table once the list has loaded empty. */
  emptyText: string;
  loaded: boolean;
  labelRowsPerPage?: string;
  testId: string;
  /** A row's test id is this prefix and the row's id. */
  rowTestIdPrefix: string;
}

/** The rows of a control-area queue, one column a field, with its pager below. */
export function QueueTable<Row extends { id: number }>({
  columns,
  rows,
  total,
  paging,
  emptyText,
  loaded,
  labelRowsPerPage,
  testId,
  rowTestIdPrefix,
}: QueueTableProps<Row>) {
  return (
    <>
      <TableContainer>
        <Table size="small" data-testid={testId}>
          <TableHead>
            <TableRow>
              {columns.map((column, index) => (
                <TableCell key={index}>{column.header}</TableCell>
              ))}
            </TableRow>
          </TableHead>
          <TableBody>
            {rows.map((row) => (
              <TableRow key={row.id} hover data-testid={`${rowTestIdPrefix}-${row.id}`}>
                {columns.map((column, index) => (
                  <TableCell key={index} align={column.align}>
                    {column.cell(row)}
                  </TableCell>
                ))}
              </TableRow>
            ))}
            {loaded && rows.length === 0 && (
              <TableRow>
                <TableCell colSpan={columns.length}>
                  <Typography color="text.secondary">{emptyText}</Typography>
                </TableCell>
              </TableRow>
            )}
          </TableBody>
        </Table>
      </TableContainer>
      <TablePagination
        component="div"
        count={total}
        page={paging.page}
        onPageChange={(_event, next) => paging.setPage(next)}
        rowsPerPage={paging.limit}
        rowsPerPageOptions={PAGE_SIZES}
        onRowsPerPageChange={(event) => paging.setLimit(Number(event.target.value))}
        labelRowsPerPage={labelRowsPerPage}
      />
    </>
  );
}
