// react-router 7 needs TextEncoder, which jsdom lacks.
import { TextDecoder, TextEncoder } from 'node:util';

Object.assign(globalThis, { TextEncoder, TextDecoder });
