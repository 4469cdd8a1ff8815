import Box from '@mui/material/Box';

/**
 * A live map in CSS/SVG: a grid of streets, a few coarse pins and two people meeting with the
 * 5-metre ring between them. Inline so the first paint needs no image request.
 */
export default function HeroArt({ label }: { label: string }) {
  return (
    <Box
      role="img"
      aria-label={label}
      sx={{
        width: '100%',
        maxWidth: { xs: 360, lg: 460 },
        mx: 'auto',
        aspectRatio: '1 / 1',
        color: 'primary.main',
      }}
    >
      <svg viewBox="0 0 400 400" width="100%" height="100%" aria-hidden="true" focusable="false">
        <defs>
          <radialGradient id="home-art-glow" cx="50%" cy="50%" r="50%">
            <stop offset="0%" stopColor="currentColor" stopOpacity="0.35" />
            <stop offset="100%" stopColor="currentColor" stopOpacity="0" />
          </radialGradient>
          <clipPath id="home-art-clip">
            <circle cx="200" cy="200" r="190" />
          </clipPath>
        </defs>
        <circle
          cx="200"
          cy="200"
          r="190"
          fill="currentColor"
          fillOpacity="0.06"
          stroke="currentColor"
          strokeOpacity="0.35"
        />
        <g
          clipPath="url(#home-art-clip)"
          stroke="currentColor"
          strokeOpacity="0.18"
          strokeWidth="10"
          fill="none"
        >
          <path d="M-10 120 L410 90" />
          <path d="M-10 270 L410 300" />
          <path d="M110 -10 L140 410" />
          <path d="M280 -10 L250 410" />
          <path d="M-10 380 L410 20" strokeWidth="6" />
        </g>
        <circle cx="200" cy="200" r="110" fill="url(#home-art-glow)" />
        <circle
          cx="200"
          cy="200"
          r="46"
          fill="none"
          stroke="currentColor"
          strokeWidth="2"
          strokeDasharray="6 6"
        />
        {/* people further away: coarse pins */}
        <g fill="currentColor" fillOpacity="0.55">
          <circle cx="90" cy="80" r="9" />
          <circle cx="320" cy="140" r="9" />
          <circle cx="300" cy="330" r="9" />
          <circle cx="70" cy="300" r="9" />
        </g>
        {/* the two people meeting */}
        <g>
          <circle cx="178" cy="196" r="16" fill="#ff6fa8" />
          <path d="M170 186 q8 -14 16 0" fill="#fff" />
          <circle cx="224" cy="204" r="16" fill="#ffd166" />
          <path d="M216 194 q8 -14 16 0" fill="#000" fillOpacity="0.6" />
        </g>
        {/* a minted token */}
        <g transform="translate(262 92)">
          <polygon points="24,0 48,14 48,42 24,56 0,42 0,14" fill="currentColor" />
          <polygon points="24,10 38,18 38,38 24,46 10,38 10,18" fill="#fff" fillOpacity="0.85" />
        </g>
      </svg>
    </Box>
  );
}
