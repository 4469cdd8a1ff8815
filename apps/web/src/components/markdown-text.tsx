import Box from '@mui/material/Box';
import type { SxProps, Theme } from '@mui/material/styles';
import Markdown from 'react-markdown';

/**
 * Markdown written by admins (news), shown safely: react-markdown builds React elements and
 * never injects HTML; raw HTML in the text is dropped and unsafe link schemes are removed.
 */
export default function MarkdownText({ text, sx }: { text: string; sx?: SxProps<Theme> }) {
  return (
    <Box
      sx={[
        {
          '& p': { my: 1.25, lineHeight: 1.7 },
          '& a': { color: 'primary.main' },
          '& img': { maxWidth: '100%' },
          '& h1, & h2, & h3': { mt: 2, mb: 1 },
        },
        ...(Array.isArray(sx) ? sx : [sx]),
      ]}
    >
      <Markdown
        skipHtml
        components={{
          a: ({ node: _node, ...props }) => (
            <a {...props} target="_blank" rel="noopener noreferrer" />
          ),
        }}
      >
        {text}
      </Markdown>
    </Box>
  );
}
