import { NavLink } from 'react-router';
import Drawer from '@mui/material/Drawer';
import List from '@mui/material/List';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemText from '@mui/material/ListItemText';
import { useTranslation } from '../../i18n/react.ts';
import { paths } from '../paths.ts';
import { NAV_LINKS } from './nav-links.ts';

export default function MobileNavDrawer({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation();
  const links = [{ to: paths.home.getHref(), label: 'nav.home' as const }, ...NAV_LINKS];
  return (
    <Drawer open onClose={onClose} slotProps={{ paper: { sx: { width: 280 } } }}>
      <List component="nav" aria-label={t('nav.main')} sx={{ pt: 2 }}>
        {links.map((link) => (
          <ListItemButton key={link.to} component={NavLink} to={link.to} end onClick={onClose}>
            <ListItemText primary={t(link.label)} />
          </ListItemButton>
        ))}
      </List>
    </Drawer>
  );
}
