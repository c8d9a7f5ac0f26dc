/**
 * The public entry of server/features/data-export: the profile's "Download my data" section, for the profile page.
 * Another feature imports from here, never a file inside (`.dependency-cruiser.cjs`); server/app.ts registers the
 * routes and the periodic job.
 */
import type { FastifyRequest } from 'fastify';
import { DATA_EXPORT_TEXT, type DataExportSection } from '../../../shared/data-export';
import type { SignedInViewer } from '../../access/guards';
import { impersonatorOf } from '../../auth/impersonation';
import { listDataExports } from './requests';
import { cannotRequestBecause } from './routes';

/** The viewer's latest requests, and whether they may ask now (not while one is being prepared). */
export async function dataExportSection(request: FastifyRequest, viewer: SignedInViewer): Promise<DataExportSection> {
  const exports = await listDataExports(request.server.db, viewer.id);
  const preparing = exports.some((entry) => entry.state === 'preparing');
  const reason = cannotRequestBecause(viewer, impersonatorOf(request) !== null) ?? (preparing ? DATA_EXPORT_TEXT.preparing : null);
  return { exports, canRequest: reason === null, cannotRequestBecause: reason };
}
