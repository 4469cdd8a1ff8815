import { useEffect, useState } from 'react';
import Button from '@mui/material/Button';
import ContentCopyIcon from '@mui/icons-material/ContentCopy';
import CheckIcon from '@mui/icons-material/Check';

const COPIED_MS = 2000;

/** Copies the full text (never the masked form shown) and says so for a moment. */
export function CopyButton({
  text,
  label,
  copiedLabel,
  testId,
}: {
  text: string;
  label: string;
  copiedLabel: string;
  testId: string;
}) {
  const [copied, setCopied] = useState(false);
  useEffect(() => {
    if (!copied) return undefined;
    const timer = setTimeout(() => setCopied(false), COPIED_MS);
    return () => clearTimeout(timer);
  }, [copied]);
  return (
    <Button
      variant="outlined"
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
