import styled from 'styled-components';

/** One part of the Settings page: a heading, a few sentences and its form or button. */
export const Section = styled.section`
  display: grid;
  gap: 12px;
  padding: 20px 0;
  border-top: 1px solid var(--color-border);
  h2 { margin: 0; font-size: 1.2rem; }
  p { margin: 0; }
  form { display: grid; gap: 14px; }
  @media (min-width: 768px) { form { max-width: 520px; } }
`;

/** Sentences as a bulleted list (what ends, what closing does). */
export const Bullets = styled.ul`
  margin: 0;
  padding-left: 20px;
  display: grid;
  gap: 4px;
`;

export const Muted = styled.p`
  color: var(--color-ink-soft);
  overflow-wrap: anywhere;
`;

export const Actions = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: 10px;
  align-items: center;
`;

/** What went well, said in place (a toast says it too). */
export const Done = styled.p`
  padding: 10px 12px;
  border-radius: 8px;
  background: #dcfce7;
  color: #14532d;
  overflow-wrap: anywhere;
`;
