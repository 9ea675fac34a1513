/**
 * Where the game-specific download steps look things up. Defaults are the vendors' public
 * endpoints; the environment variables point a node (or a test) at a mirror.
 */
export const downloadSources = {
  /** Mojang's launcher version manifest, v2. */
  mojangManifest: process.env.OUTPOST_MOJANG_MANIFEST_URL ?? 'https://piston-meta.mojang.com/mc/game/version_manifest_v2.json',
  /** Fabric's list of installer versions. */
  fabricInstallers: process.env.OUTPOST_FABRIC_INSTALLERS_URL ?? 'https://meta.fabricmc.net/v2/versions/installer',
};
