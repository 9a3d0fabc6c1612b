// Where tests find the shared models: MODELS_DIR, else ../shared/models beside the repository.
import path from 'node:path';

export const MODELS_DIR = path.resolve(process.env.MODELS_DIR ?? path.join(__dirname, '../../shared/models'));
