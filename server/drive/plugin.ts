/**
 * Gives every route the configured drive as `app.drive` (DRIVE=local|google). Tests and tools pass a drive of
 * their own to `buildApp(config, { drive })`.
 */
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { AppConfig } from '../config';
import { localDrive } from './local';
import type { DrivePort } from './port';

declare module 'fastify' {
  interface FastifyInstance {
    drive: DrivePort;
  }
}

/** The local drive's folder under DATA_DIR. */
export function localDriveRoot(config: Pick<AppConfig, 'DATA_DIR'>): string {
  return path.join(config.DATA_DIR, 'drive');
}

/** The drive the configuration names. The Google client is loaded only when it is the one configured. */
export async function createDrive(config: AppConfig): Promise<DrivePort> {
  if (config.DRIVE === 'google') {
    const { googleDrive, googleDriveOptionsFromConfig } = await import('./google');
    return googleDrive(googleDriveOptionsFromConfig(config));
  }
  return localDrive({ root: localDriveRoot(config), pdfConverter: config.DRIVE_PDF_CONVERTER });
}

export const drivePlugin = fp(
  async (app: FastifyInstance, options: { drive: DrivePort }) => {
    app.decorate('drive', options.drive);
  },
  { name: 'drive' },
);
