import { useEffect, useState } from 'react';
import Button from '@mui/material/Button';
import CheckIcon from '@mui/icons-material/Check';
import ContentCopyIcon from '@mui/icons-material/ContentCopy';

const COPIED_MS = 2000;

/**
 * Copies `text` (the full text, never a masked form shown beside it) to the clipboard and says
 * so for a moment: the one copy button of the site.
 */
export function CopyButton({
  text,
  label,
  copiedLabel,
  ariaLabel,
  testId,
  size = 'small',
}: {
  text: string;
  label: string;
  copiedLabel: string;
  ariaLabel?: string | undefined;
  testId?: string | undefined;
  size?: 'small' | 'medium';
}) {
  const [copied, setCopied] = useState(false);
  useEffect(() => {
    if (!copied) return undefined;
    const timer = setTimeout(() => setCopied(false), COPIED_MS);
    return () => clearTimeout(timer);
  }, [copied]);
  return (
    <Button
      size={size}
      variant="outlined"
      aria-label={ariaLabel}
      startIcon={copied ? <CheckIcon /> : <ContentCopyIcon />}
      data-testid={testId}
      data-copied={copied}
      onClick={() =>
        void navigator.clipboard?.writeText(text).then(
          () => setCopied(true),
          () => setCopied(false),
        )
      }
    >
      {copied ? copiedLabel : label}
    </Button>
  );
}
