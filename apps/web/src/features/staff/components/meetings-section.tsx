import { useState } from 'react';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { StaffSection } from '@meeet/core/api/staff-paths';
import { staffMeetingsSectionSchema } from '@meeet/core/api/staff-sections';
import { NFT_TYPE_NAMES } from '@meeet/core/enums';
import { useTranslation } from '../../../i18n/react.ts';
import { useFormat } from '../../../lib/format.ts';
import { useStaffSection } from '../api/get-staff-section.ts';
import { NS } from '../i18n.ts';
import { Loaded, Pager, PersonLink, Section } from './section.tsx';

const PAGE = 20;

/** Meetings, newest first, with the outcome and why a mint was refused. */
export function MeetingsSection({ userId }: { userId: number }) {
  const { t } = useTranslation([NS, 'core']);
  const fmt = useFormat();
  const [offset, setOffset] = useState(0);
  const query = useStaffSection(userId, StaffSection.MEETINGS, staffMeetingsSectionSchema, {
    offset,
    limit: PAGE,
  });
  return (
    <Section title={t('meetings.title')}>
      <Loaded query={query}>
        {(meetings) =>
          meetings.total === 0 ? (
            <Typography>{t('meetings.none')}</Typography>
          ) : (
            <>
              <TableContainer>
                <Table size="small" aria-label={t('meetings.title')}>
                  <TableHead>
                    <TableRow>
                      <TableCell>{t('meetings.started')}</TableCell>
                      <TableCell>{t('meetings.partner')}</TableCell>
                      <TableCell>{t('meetings.outcome')}</TableCell>
                      <TableCell>{t('meetings.level')}</TableCell>
                    </TableRow>
                  </TableHead>
                  <TableBody>
                    {meetings.list.map((meeting) => (
                      <TableRow key={meeting.id}>
                        <TableCell>{fmt.dateTime(meeting.startedAt)}</TableCell>
                        <TableCell>
                          <PersonLink person={meeting.partner} />
                        </TableCell>
                        <TableCell>
                          {t(`meetings.outcome.${meeting.outcome}`)}
                          {meeting.reasons.length > 0 && (
                            <Typography variant="caption" component="div" color="text.secondary">
                              {meeting.reasons
                                .map((reason) => t(`meetings.reason.${reason}`, { ns: 'core' }))
                                .join('; ')}
                            </Typography>
                          )}
                        </TableCell>
                        <TableCell>
                          {meeting.level === null ? t('user.none') : NFT_TYPE_NAMES[meeting.level]}
                          {meeting.tokenId !== null && ` #${meeting.tokenId}`}
                        </TableCell>
                      </TableRow>
                    ))}
                  </TableBody>
                </Table>
              </TableContainer>
              <Pager {...meetings} onOffset={setOffset} />
            </>
          )
        }
      </Loaded>
    </Section>
  );
}
