import { useEffect, useState } from 'react';
import Button from '@mui/material/Button';
import CheckIcon from '@mui/icons-material/Check';
import ContentCopyIcon from '@mui/icons-material/ContentCopy';
import { useTranslation } from '../../../i18n/react.ts';
import { NS } from '../i18n.ts';

const COPIED_MS = 2000;

/** Copies `text` to the clipboard and says so for a moment. */
export function CopyText({
  text,
  label,
  ariaLabel,
}: {
  text: string;
  label: string;
  ariaLabel?: string;
}) {
  const { t } = useTranslation(NS);
  const [copied, setCopied] = useState(false);
  useEffect(() => {
    if (!copied) return undefined;
    const timer = setTimeout(() => setCopied(false), COPIED_MS);
    return () => clearTimeout(timer);
  }, [copied]);
  return (
    <Button
      size="small"
      variant="outlined"
      aria-label={ariaLabel}
      startIcon={copied ? <CheckIcon /> : <ContentCopyIcon />}
      onClick={() =>
        void navigator.clipboard?.writeText(text).then(
          () => setCopied(true),
          () => setCopied(false),
        )
      }
    >
      {copied ? t('links.copied') : label}
    </Button>
  );
}
