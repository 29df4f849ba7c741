// react-router 7 needs TextEncoder, which jsdom lacks (the UI kit's tests run in jsdom).
import { TextDecoder, TextEncoder } from 'node:util';

Object.assign(globalThis, { TextEncoder, TextDecoder });
