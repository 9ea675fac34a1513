import { OutpostError } from '@outpost/shared';

/**
 * Where the game and tool download steps look things up: the vendors' public endpoints (or the
 * environment variables' mirrors). A node points them elsewhere with `downloadSources` in its
 * daemon file (downloadSourcesWith), which its steps get in their context; tests point theirs at
 * their own HTTP server the same way.
 */
export const vendorSources = Object.freeze({
  /** Mojang's launcher version manifest, v2. */
  mojangManifest: process.env.OUTPOST_MOJANG_MANIFEST_URL ?? 'https://piston-meta.mojang.com/mc/game/version_manifest_v2.json',
  /** Fabric's list of installer versions. */
  fabricInstallers: process.env.OUTPOST_FABRIC_INSTALLERS_URL ?? 'https://meta.fabricmc.net/v2/versions/installer',
  /** The Forge maven: installers at net/minecraftforge/forge/<v>/forge-<v>-installer.jar, each with a .sha1 beside it. */
  forgeMaven: process.env.OUTPOST_FORGE_MAVEN_URL ?? 'https://maven.minecraftforge.net',
  /** Forge's promotions (recommended and latest build per Minecraft version). */
  forgePromotions: process.env.OUTPOST_FORGE_PROMOTIONS_URL ?? 'https://files.minecraftforge.net/net/minecraftforge/forge/promotions_slim.json',
  /** Sponge's download API (v1: /v1/org.spongepowered/spongeforge/downloads). */
  spongeApi: process.env.OUTPOST_SPONGE_API_URL ?? 'https://dl-api.spongepowered.org',
  /** The Adoptium (Eclipse Temurin) API: /v3/assets/latest/<version>/hotspot. */
  adoptiumApi: process.env.OUTPOST_ADOPTIUM_API_URL ?? 'https://api.adoptium.net',
});

export type DownloadSources = { -readonly [K in keyof typeof vendorSources]: string };

/** The sources a step reads: its node's, or the vendors'. */
export function sourcesOf(ctx: { sources?: DownloadSources }): DownloadSources {
  return ctx.sources ?? vendorSources;
}

/** A node's sources: the vendors', with the given URLs (a daemon file's `downloadSources`) in their place; each must be http(s). */
export function downloadSourcesWith(overrides: Partial<Record<keyof DownloadSources, unknown>> = {}): DownloadSources {
  const downloadSources: DownloadSources = { ...vendorSources };
  for (const [key, value] of Object.entries(overrides)) {
    if (value === undefined) continue;
    if (!(key in downloadSources)) throw new OutpostError('ErrInvalidJson', `unknown download source ${key}`, { field: `downloadSources.${key}` });
    let url: URL | undefined;
    try {
      url = new URL(String(value));
    } catch {
      url = undefined;
    }
    if (!url || (url.protocol !== 'http:' && url.protocol !== 'https:')) {
      throw new OutpostError('ErrFieldIsInvalidHost', `downloadSources.${key} must be an http or https URL`, { field: `downloadSources.${key}` });
    }
    downloadSources[key as keyof DownloadSources] = String(value).replace(/\/+$/, '');
  }
  return downloadSources;
}
