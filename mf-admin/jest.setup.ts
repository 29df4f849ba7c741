// react-router 7 needs TextEncoder, which jsdom lacks; jsdom's <dialog> opens and closes as a browser's does.
import { TextDecoder, TextEncoder } from 'node:util';
import '@pcpp/contracts/testing/jsdom-dialog';

Object.assign(globalThis, { TextEncoder, TextDecoder });
