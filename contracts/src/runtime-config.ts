
/** The id of the `<script type="application/json">` in which the shell's server inlines /config.json. */
export const RUNTIME_CONFIG_ELEMENT_ID = 'runtime-config';

/**
 * The id of the `<script type="application/json">` in which the shell's server inlines the release
 * registry's answer it chose the page's remotes from (`null` when it could not read it): the browser
 * loads the very versions the server rendered, with no round trip.
 */
export const LIVE_REMOTES_ELEMENT_ID = 'live-remotes';
