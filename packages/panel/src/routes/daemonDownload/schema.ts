export const daemonDownloadSchema = {
  summary: 'The daemon for another machine, as a gzipped tar of outpost-daemon/ (needs Node.js 20 or later, nothing else)',
  // A file for the node page's install commands, not an API call: the OpenAPI document leaves it out.
  hide: true,
};
