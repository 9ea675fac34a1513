// One autocannon run from its own process (see autocannon.mjs); prints the result as JSON.
import autocannon from 'autocannon';

const options = JSON.parse(process.argv[2]);
const result = await autocannon(options);
process.stdout.write(JSON.stringify(result));
