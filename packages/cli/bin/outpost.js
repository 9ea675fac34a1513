#!/usr/bin/env node
// The `outpost` command. Built by `npm run build` (npm start builds on demand).
import { main } from '../dist/index.js';

main(process.argv.slice(2)).catch((error) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
