import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';

const EMAIL = /([\w.+-]+@[\w-]+(?:\.[\w-]+)+)/;

/** Turns e-mail addresses inside a text into mailto links. */
function withLinks(text: string): ReactNode[] {
  return text.split(EMAIL).map((part, index) =>
    index % 2 === 1 ? (
      <Link key={index} href={`mailto:${part}`}>
        {part}
      </Link>
    ) : (
      part
    ),
  );
}

/** Paragraphs split by a blank line; a paragraph of "• " lines becomes a bullet list. */
export default function RichText({ text }: { text: string }) {
  return (
    <>
      {text.split('\n\n').map((block, index) => {
        const lines = block.split('\n');
        if (lines.every((line) => line.startsWith('• '))) {
          return (
            <Box component="ul" key={index} sx={{ my: 1, pl: 3 }}>
              {lines.map((line) => (
                <Typography component="li" key={line} color="text.secondary" sx={{ mb: 0.5 }}>
                  {withLinks(line.slice(2))}
                </Typography>
              ))}
            </Box>
          );
        }
        return (
          <Typography
            key={index}
            color="text.secondary"
            sx={{ mb: 1.5, '&:last-child': { mb: 0 } }}
          >
            {withLinks(block)}
          </Typography>
        );
      })}
    </>
  );
}
