import styled from 'styled-components';

const Badges = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: 12px;
`;

const Badge = styled.span`
  display: inline-flex;
  align-items: center;
  gap: 8px;
  padding: 6px 14px;
  border: 1px solid #64748b;
  border-radius: 8px;
  background: #000;
  color: #fff;
  line-height: 1.1;
  small { display: block; font-size: 0.65rem; color: #cbd5e1; }
  strong { font-size: 0.95rem; }
`;

/** Drawn by the project (no third-party artwork); the apps are not published yet. */
export function AppStoreBadges() {
  return (
    <Badges aria-label="Mobile apps, coming soon">
      <Badge>
        <svg width="20" height="24" viewBox="0 0 20 24" aria-hidden="true">
          <path fill="#fff" d="M16.5 12.7c0-2.6 2.1-3.8 2.2-3.9-1.2-1.8-3.1-2-3.7-2-1.6-.2-3.1.9-3.9.9-.8 0-2-.9-3.4-.9C5.9 6.9 4.2 8 3.3 9.6c-1.9 3.3-.5 8.1 1.4 10.7.9 1.3 2 2.8 3.4 2.7 1.4-.1 1.9-.9 3.5-.9s2.1.9 3.5.9c1.5 0 2.4-1.3 3.3-2.6 1-1.5 1.4-2.9 1.5-3-.1 0-2.9-1.1-2.9-4.7zM13.9 5c.7-.9 1.2-2.1 1.1-3.3-1 0-2.3.7-3 1.6-.7.8-1.3 2-1.1 3.2 1.1.1 2.3-.6 3-1.5z" />
        </svg>
        <span><small>Coming soon on the</small><strong>App Store</strong></span>
      </Badge>
      <Badge>
        <svg width="20" height="22" viewBox="0 0 20 22" aria-hidden="true">
          <path fill="#34d399" d="M1 1l10 10L1 21c-.4-.2-.6-.6-.6-1.1V2.1C.4 1.6.6 1.2 1 1z" />
          <path fill="#60a5fa" d="M14.4 7.6L11 11 1 1c.2-.1.5-.1.8 0l12.6 6.6z" />
          <path fill="#f87171" d="M14.4 14.4L1.8 21c-.3.1-.6.1-.8 0l10-10 3.4 3.4z" />
          <path fill="#fbbf24" d="M18.6 9.8c.8.5.8 1.9 0 2.4l-4.2 2.2L11 11l3.4-3.4 4.2 2.2z" />
        </svg>
        <span><small>Coming soon on</small><strong>Google Play</strong></span>
      </Badge>
    </Badges>
  );
}
