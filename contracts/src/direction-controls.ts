/**
 * The bidirectional embeddings, overrides and isolates (U+202A–U+202E, U+2066–U+2069): they make
 * text show in another order than it is stored ("Trojan Source", CVE-2021-42574): "Eve \u202Enimda"
 * shows as "Eve admin". The implicit marks (LRM, RLM, ALM) stay: right-to-left names need them and
 * they reorder nothing. No zod here: names and pages use it without the schemas.
 */
const DIRECTION_CONTROLS = /[\u202A-\u202E\u2066-\u2069]/u;
const ALL_DIRECTION_CONTROLS = /[\u202A-\u202E\u2066-\u2069]/gu;

/** False for text with a direction override, embedding or isolate. */
export const hasNoDirectionControls = (text: string): boolean => !DIRECTION_CONTROLS.test(text);

/**
 * The text without its direction controls: for text a person did not type here (a display name
 * from the identity provider, a name stored before they were refused), removed where it is shown.
 */
export const withoutDirectionControls = (text: string): string => text.replace(ALL_DIRECTION_CONTROLS, '');
