// The engine inside a Web Worker: the page never blocks while a model loads or scores.
import * as Comlink from 'comlink';
import { Engine } from './engine';

Comlink.expose(new Engine());
