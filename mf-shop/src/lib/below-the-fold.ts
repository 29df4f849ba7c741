/**
 * For a picture that is not in the first screen: it loads as it nears the screen and decodes off the
 * paint. The shop's pictures are SVG documents, each built on the main thread as it arrives: loaded
 * at once, the home page's twelve below its hero held its first paint (~160 ms at 4× CPU).
 */
export const BELOW_THE_FOLD_PICTURE = { loading: 'lazy', decoding: 'async' } as const;
