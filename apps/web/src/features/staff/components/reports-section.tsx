import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { StaffSection } from '@meeet/core/api/staff-paths';
import { staffReportsSectionSchema, type StaffReport } from '@meeet/core/api/staff-sections';
import { useTranslation } from '../../../i18n/react.ts';
import { useFormat } from '../../../lib/format.ts';
import { useStaffSection } from '../api/get-staff-section.ts';
import { NS } from '../i18n.ts';
import { Loaded, PersonLink, Section } from './section.tsx';

/** One direction of reports: `other` is who the row names (the reported, or the reporter). */
function Reports({
  title,
  reports,
  other,
}: {
  title: string;
  reports: StaffReport[];
  other: (report: StaffReport) => StaffReport['reporter'];
}) {
  const { t } = useTranslation(NS);
  const fmt = useFormat();
  return (
    <>
      <Typography variant="subtitle1" component="h3" sx={{ mt: 1 }}>
        {title}
      </Typography>
      {reports.length === 0 ? (
        <Typography color="text.secondary">{t('reports.none')}</Typography>
      ) : (
        <TableContainer>
          <Table size="small" aria-label={title}>
            <TableHead>
              <TableRow>
                <TableCell>{t('user.audit.when')}</TableCell>
                <TableCell>{t('reports.who')}</TableCell>
                <TableCell>{t('reports.reason')}</TableCell>
                <TableCell>{t('reports.status')}</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {reports.map((report) => {
                const person = other(report);
                return (
                  <TableRow key={report.id}>
                    <TableCell>{fmt.dateTime(report.createdAt)}</TableCell>
                    <TableCell>
                      {person ? <PersonLink person={person} /> : t('reports.system')}
                    </TableCell>
                    <TableCell sx={{ overflowWrap: 'anywhere' }}>
                      {t(`reports.reason.${report.reason}`)}
                      {report.text && (
                        <Typography variant="caption" component="div" color="text.secondary">
                          {report.text}
                        </Typography>
                      )}
                    </TableCell>
                    <TableCell>
                      {t(`reports.status.${report.status}`)}
                      {report.moderatorComment && (
                        <Typography variant="caption" component="div" color="text.secondary">
                          {report.moderatorComment}
                        </Typography>
                      )}
                    </TableCell>
                  </TableRow>
                );
              })}
            </TableBody>
          </Table>
        </TableContainer>
      )}
    </>
  );
}

/** Reports the user made and those made about them, newest first. */
export function ReportsSection({ userId }: { userId: number }) {
  const { t } = useTranslation(NS);
  const query = useStaffSection(userId, StaffSection.REPORTS, staffReportsSectionSchema);
  return (
    <Section title={t('reports.title')}>
      <Loaded query={query}>
        {(reports) => (
          <>
            <Reports
              title={t('reports.received')}
              reports={reports.received}
              other={(report) => report.reporter}
            />
            <Reports
              title={t('reports.made')}
              reports={reports.made}
              other={(report) => report.reported}
            />
          </>
        )}
      </Loaded>
    </Section>
  );
}
