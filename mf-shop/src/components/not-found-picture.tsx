/** A monitor showing 404 with its cable unplugged: drawn for the project. */
export function NotFoundPicture({ label }: { label: string }) {
  return (
    <svg viewBox="0 0 480 320" width="480" height="320" role="img" aria-label={label} focusable="false">
      <defs>
        <linearGradient id="nf-screen" x1="0" y1="0" x2="1" y2="1">
          <stop offset="0" stopColor="#1e3a8a" />
          <stop offset="1" stopColor="#0f172a" />
        </linearGradient>
      </defs>
      <rect width="480" height="320" rx="24" fill="#e2e8f0" />
      <ellipse cx="240" cy="290" rx="170" ry="10" fill="#0f172a" opacity="0.1" />
      {/* Monitor */}
      <rect x="96" y="36" width="260" height="176" rx="14" fill="#0f172a" />
      <rect x="110" y="50" width="232" height="148" rx="6" fill="url(#nf-screen)" />
      <text x="226" y="138" textAnchor="middle" fontFamily="system-ui, sans-serif" fontSize="68" fontWeight="800" fill="#f59e0b">
        404
      </text>
      <text x="226" y="172" textAnchor="middle" fontFamily="system-ui, sans-serif" fontSize="15" letterSpacing="3" fill="#bfdbfe">
        NO SIGNAL
      </text>
      <path d="M206 212h40l10 48h-60z" fill="#334155" />
      <rect x="168" y="258" width="116" height="12" rx="6" fill="#334155" />
      {/* Cable, its plug pulled out of the socket */}
      <path d="M300 212c0 40 20 62 56 62h18" fill="none" stroke="#0f172a" strokeWidth="7" strokeLinecap="round" />
      <rect x="372" y="262" width="30" height="24" rx="5" fill="#475569" />
      <rect x="402" y="266" width="12" height="5" rx="1" fill="#94a3b8" />
      <rect x="402" y="277" width="12" height="5" rx="1" fill="#94a3b8" />
      <rect x="436" y="250" width="28" height="48" rx="7" fill="#f8fafc" stroke="#64748b" strokeWidth="2" />
      <rect x="446" y="264" width="8" height="4" rx="1" fill="#334155" />
      <rect x="446" y="280" width="8" height="4" rx="1" fill="#334155" />
      <path d="M420 252l6-10M424 274h8M420 296l6 10" stroke="#f59e0b" strokeWidth="3" strokeLinecap="round" />
    </svg>
  );
}
