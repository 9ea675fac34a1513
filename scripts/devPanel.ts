// The panel with its local node, run from the TypeScript sources for `npm run dev`.
import { main } from '../packages/cli/src/index.js';

await main(['run']);
