import { Fragment, useState, type ReactNode } from 'react';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import CircularProgress from '@mui/material/CircularProgress';
import IconButton from '@mui/material/IconButton';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TablePagination from '@mui/material/TablePagination';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import ExpandLessIcon from '@mui/icons-material/ExpandLess';
import ExpandMoreIcon from '@mui/icons-material/ExpandMore';
import WarningAmberIcon from '@mui/icons-material/WarningAmber';
import type { ReferralRow } from '@meeet/core/api/referral';
import { useTranslation } from '../../../i18n/react.ts';
import {
  TREE_PAGE_SIZE,
  useReferralChildren,
  useReferralList,
  type RoleFilter,
} from '../api/referral.ts';
import { NS } from '../i18n.ts';
import { usdt } from './format.ts';

const COLUMNS = 7;
const INDENT_PX = 24;

function useDates() {
  const { i18n } = useTranslation(NS);
  return {
    date: new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium' }),
    dateTime: new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium', timeStyle: 'short' }),
  };
}

/** One referral and, when expanded, their own referrals below (up to the caller's level 3). */
function TreeRow({ row, role }: { row: ReferralRow; role: RoleFilter }) {
  const { t } = useTranslation(NS);
  const { date, dateTime } = useDates();
  const [open, setOpen] = useState(false);
  const name = row.nickname ?? t('ref.uid', { id: row.userId });
  const expandable = row.childrenCount > 0 && row.depth < 3;
  return (
    <Fragment>
      <TableRow data-testid="referral-row" data-depth={row.depth}>
        <TableCell padding="checkbox">
          {expandable && (
            <IconButton
              size="small"
              aria-expanded={open}
              aria-label={t(open ? 'ref.tree.collapse' : 'ref.tree.expand', { name })}
              onClick={() => setOpen(!open)}
            >
              {open ? <ExpandLessIcon /> : <ExpandMoreIcon />}
            </IconButton>
          )}
        </TableCell>
        <TableCell component="th" scope="row">
          <Stack
            direction="row"
            spacing={1}
            sx={{ alignItems: 'center', pl: `${(row.depth - 1) * INDENT_PX}px` }}
          >
            <span>{name}</span>
            {row.depth > 1 && (
              <Chip
                size="small"
                variant="outlined"
                label={t('ref.tree.depth', { depth: row.depth })}
              />
            )}
            {row.flagged && (
              <Tooltip title={t('ref.tree.flagged')}>
                <WarningAmberIcon
                  color="warning"
                  fontSize="small"
                  aria-label={t('ref.tree.flagged')}
                />
              </Tooltip>
            )}
          </Stack>
        </TableCell>
        <TableCell>{t(`ref.level.${row.level}`)}</TableCell>
        <TableCell>{date.format(new Date(row.joinedAt))}</TableCell>
        <TableCell align="right">{row.meetingsCount}</TableCell>
        <TableCell>
          {row.lastActivityAt ? dateTime.format(new Date(row.lastActivityAt)) : t('ref.tree.never')}
        </TableCell>
        <TableCell align="right">{usdt(row.income)}</TableCell>
      </TableRow>
      {open && <Children parentId={row.userId} role={role} />}
    </Fragment>
  );
}

function StatusRow({ children }: { children: ReactNode }) {
  return (
    <TableRow>
      <TableCell colSpan={COLUMNS}>{children}</TableCell>
    </TableRow>
  );
}

/** The referrals of one person, a page more at a time. */
function Children({ parentId, role }: { parentId: number; role: RoleFilter }) {
  const { t } = useTranslation(NS);
  const children = useReferralChildren(parentId, role);
  if (children.isPending)
    return (
      <StatusRow>
        <CircularProgress size={20} aria-label={t('ref.tree.loading')} />
      </StatusRow>
    );
  if (children.isError)
    return (
      <StatusRow>
        <Alert severity="error">{t('ref.tree.error')}</Alert>
      </StatusRow>
    );
  const rows = children.data.pages.flatMap((page) => page.items);
  return (
    <Fragment>
      {rows.length === 0 && (
        <StatusRow>
          <Typography color="text.secondary">{t('ref.tree.empty-role')}</Typography>
        </StatusRow>
      )}
      {rows.map((row) => (
        <TreeRow key={row.userId} row={row} role={role} />
      ))}
      {children.hasNextPage && (
        <StatusRow>
          <Button
            size="small"
            disabled={children.isFetchingNextPage}
            onClick={() => void children.fetchNextPage()}
          >
            {t('ref.tree.more')}
          </Button>
        </StatusRow>
      )}
    </Fragment>
  );
}

/** Tab Referral tree: the caller's three levels, expandable and paged, with the role filter. */
export function ReferralTree() {
  const { t } = useTranslation(NS);
  const [role, setRole] = useState<RoleFilter>('all');
  const [page, setPage] = useState(0);
  const list = useReferralList(role, page * TREE_PAGE_SIZE);

  if (list.isPending) {
    return (
      <Box sx={{ display: 'grid', placeItems: 'center', py: 6 }}>
        <CircularProgress aria-label={t('ref.tree.loading')} />
      </Box>
    );
  }
  if (list.isError) {
    return (
      <Alert
        severity="error"
        action={
          <Button color="inherit" size="small" onClick={() => void list.refetch()}>
            {t('ref.retry')}
          </Button>
        }
      >
        {t('ref.tree.error')}
      </Alert>
    );
  }
  if (role === 'all' && list.data.total === 0) {
    return (
      <Alert severity="info">
        <AlertTitle>{t('ref.tree.empty-title')}</AlertTitle>
        {t('ref.tree.empty-text')}
      </Alert>
    );
  }
  return (
    <Stack spacing={2}>
      <RoleSelect
        role={role}
        onChange={(next) => {
          setRole(next);
          setPage(0);
        }}
      />
      <TableContainer>
        <Table size="small" aria-label={t('page.account.referral.tree', { ns: 'common' })}>
          <TreeHead />
          <TableBody>
            {list.data.items.length === 0 && (
              <StatusRow>
                <Typography color="text.secondary">{t('ref.tree.empty-role')}</Typography>
              </StatusRow>
            )}
            {list.data.items.map((row) => (
              <TreeRow key={row.userId} row={row} role={role} />
            ))}
          </TableBody>
        </Table>
      </TableContainer>
      {list.data.total > TREE_PAGE_SIZE && (
        <TablePagination
          component="div"
          count={list.data.total}
          page={page}
          rowsPerPage={TREE_PAGE_SIZE}
          rowsPerPageOptions={[TREE_PAGE_SIZE]}
          onPageChange={(_event, next) => setPage(next)}
          labelDisplayedRows={({ from, to, count }) => t('ref.tree.range', { from, to, count })}
        />
      )}
    </Stack>
  );
}

/** The role filter: all roles, humans or businesses. */
function RoleSelect({
  role,
  onChange,
}: {
  role: RoleFilter;
  onChange: (role: RoleFilter) => void;
}) {
  const { t } = useTranslation(NS);
  return (
    <TextField
      select
      size="small"
      label={t('ref.tree.role')}
      value={role}
      onChange={(event) => onChange(event.target.value as RoleFilter)}
      sx={{ maxWidth: 240 }}
    >
      <MenuItem value="all">{t('ref.tree.all-roles')}</MenuItem>
      <MenuItem value="human">{t('ref.level.human')}</MenuItem>
      <MenuItem value="business">{t('ref.level.business')}</MenuItem>
    </TextField>
  );
}

/** The tree table's column headings. */
function TreeHead() {
  const { t } = useTranslation(NS);
  return (
    <TableHead>
      <TableRow>
        <TableCell padding="checkbox" />
        <TableCell>{t('ref.tree.nickname')}</TableCell>
        <TableCell>{t('ref.tree.level')}</TableCell>
        <TableCell>{t('ref.tree.joined')}</TableCell>
        <TableCell align="right">{t('ref.tree.meetings')}</TableCell>
        <TableCell>{t('ref.tree.last-activity')}</TableCell>
        <TableCell align="right">{t('ref.tree.income')}</TableCell>
      </TableRow>
    </TableHead>
  );
}
