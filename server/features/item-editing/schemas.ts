/** Request shapes of the item editing calls. */
import { z } from 'zod';

/**
 * POST /i/{ref}/taxonomy/{taxonomyRef}: `tags`, a list of tag refs. The handler reads it once the item and the
 * taxonomy are known, since its refusal (400) names the taxonomy; a tag that is not the taxonomy's is a field error.
 */
export const taxonomyTagsBody = z.object({ tags: z.array(z.string().max(24)).max(200) });

/**
 * GET /user/search `?query=`: 1 to 100 characters once trimmed, or null when it is missing, blank, too long or sent
 * twice, which the route answers with its own 422 naming the field.
 */
export const userSearchQuery = z.object({ query: z.string().trim().min(1).max(100).nullable().catch(null) });
