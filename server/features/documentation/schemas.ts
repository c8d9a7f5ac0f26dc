/** Request shapes of /documentation. */
import { z } from 'zod';
import { DOCUMENTATION_SLUG } from '../../../shared/documentation';

/** /documentation/{slug}: a slug that could never name a handbook page names nothing (404). */
export const documentationSlug = z.string().max(80).regex(DOCUMENTATION_SLUG);
