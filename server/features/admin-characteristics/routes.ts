/**
 * Characteristics: the paged
 * list under both spellings, creating one, editing it one field at a time, and deleting it. Admins only.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  ADMIN_CHARACTERISTICS_PLURAL_URL,
  ADMIN_LABEL,
  ADMIN_URL,
  CHARACTERISTIC_FORMAT_LABELS,
  CHARACTERISTIC_MESSAGES,
  CONFIRM_FORMAT_CONVERSION_FIELD,
  CHARACTERISTICS_TITLE,
} from '../../../shared/admin';
import { ADMIN_CHARACTERISTICS_URL } from '../../../shared/navigation';
import { ROUTES } from '../../../shared/routes';
import { DEFAULT_PAGE_SIZE } from '../../../shared/pagination';
import { characteristicCan } from '../../access/policy';
import { loaded, loads } from '../../access/record-guard';
import { offsetAndLimit, pageQuery, paginated } from '../../lib/pagination';
import { paramsOf, repositionBody } from '../../lib/validation';
import { booleanInput } from '../../lib/form-input';
import {
  changeCharacteristicFormat,
  characteristicValueCount,
  createCharacteristic,
  deleteCharacteristic,
  findCharacteristic,
  listCharacteristics,
  repositionCharacteristic,
  setCharacteristicMinimum,
  updateCharacteristic,
} from './queries';
import { CHARACTERISTIC_FIELD_RULES, createCharacteristicBody } from './schemas';
import { latestFormatChange, undoFormatChange } from './format-changes';

const LIST_CRUMBS = [
  { label: ADMIN_LABEL, href: ADMIN_URL },
  { label: CHARACTERISTICS_TITLE, href: ADMIN_CHARACTERISTICS_URL },
];

/** The characteristic the path names (404 when there is none): any admin may act on any (the admin area's rule). */
const namedCharacteristic = loads('characteristic', findCharacteristic);

export const adminCharacteristicRoutes: FastifyPluginAsyncZod = async (app) => {
  for (const path of [ADMIN_CHARACTERISTICS_URL, ADMIN_CHARACTERISTICS_PLURAL_URL]) {
    app.get(path, { schema: { querystring: pageQuery } }, async (request, reply) => {
      const { page } = request.query;
      const { rows, total } = await listCharacteristics(app.db, page, DEFAULT_PAGE_SIZE);
      return reply.inertia('admin/characteristic/Index', {
        characteristics: paginated(rows, { path, query: {}, page, perPage: DEFAULT_PAGE_SIZE, total }),
        order: { offset: offsetAndLimit(page, DEFAULT_PAGE_SIZE).offset, total },
        formats: CHARACTERISTIC_FORMAT_LABELS,
        can: characteristicCan(request.viewer),
        title: CHARACTERISTICS_TITLE,
        breadcrumbs: LIST_CRUMBS,
      });
    });
  }

  app.post(ADMIN_CHARACTERISTICS_URL, { schema: { body: createCharacteristicBody } }, async (request, reply) => {
    const created = await createCharacteristic(app.db, request.body);
    if (!created.ok) return reply.redirectWithErrors({ title: CHARACTERISTIC_MESSAGES.titleTaken }, ADMIN_CHARACTERISTICS_URL);
    return reply.notify(CHARACTERISTIC_MESSAGES.created(created.value.title)).redirectBack(ADMIN_CHARACTERISTICS_URL);
  });

  app.get(
    ROUTES.adminCharacteristic.pattern,
    { preValidation: namedCharacteristic, schema: { params: paramsOf(ROUTES.adminCharacteristic) } },
    async (request, reply) => {
      const { id, ...characteristic } = loaded(request, namedCharacteristic);
      return reply.inertia('admin/characteristic/Show', {
        characteristic,
        valueCount: await characteristicValueCount(app.db, id),
        formatChange: await latestFormatChange(app.db, id),
        formats: CHARACTERISTIC_FORMAT_LABELS,
        can: characteristicCan(request.viewer),
        title: characteristic.title,
        breadcrumbs: [...LIST_CRUMBS, { label: characteristic.title, href: ROUTES.adminCharacteristic.path({ ref: characteristic.ref }) }],
      });
    },
  );

  app.patch(
    ROUTES.adminCharacteristic.pattern,
    { preValidation: namedCharacteristic, schema: { params: paramsOf(ROUTES.adminCharacteristic) } },
    async (request, reply) => {
      const characteristic = loaded(request, namedCharacteristic);
      const back = ROUTES.adminCharacteristic.path({ ref: characteristic.ref });
      const { [CONFIRM_FORMAT_CONVERSION_FIELD]: confirmation, ...fields } = (request.body ?? {}) as Record<string, unknown>;
      const field = CHARACTERISTIC_FIELD_RULES.parse(fields);
      if (!field.ok) return reply.redirectWithErrors(field.errors, back);
      if (field.name === 'format') {
        const format = field.value;
        const changed = await changeCharacteristicFormat(app.db, characteristic.id, format, booleanInput(confirmation) === true);
        if (!changed.ok) {
          const message = CHARACTERISTIC_MESSAGES.formatLosesValues(
            changed.unconvertible,
            changed.total,
            CHARACTERISTIC_FORMAT_LABELS[format],
            changed.example,
          );
          return reply.redirectWithErrors({ format: message }, back);
        }
        return reply.notify(CHARACTERISTIC_MESSAGES.formatConverted(changed.converted, changed.removed)).redirectBack(back);
      }
      if (field.name === 'minimum') {
        const minimum = field.value;
        const changed = await setCharacteristicMinimum(app.db, characteristic.id, minimum);
        if (!changed.ok)
          return reply.redirectWithErrors({ minimum: CHARACTERISTIC_MESSAGES.minimumBelowValues(changed.below, minimum!, changed.example) }, back);
        return reply.notify(CHARACTERISTIC_MESSAGES.saved).redirectBack(back);
      }
      const saved = await updateCharacteristic(app.db, characteristic.id, field.name, field.value);
      if (!saved.ok) return reply.redirectWithErrors({ title: CHARACTERISTIC_MESSAGES.titleTaken }, back);
      return reply.notify(CHARACTERISTIC_MESSAGES.saved).redirectBack(back);
    },
  );

  app.post(
    ROUTES.adminCharacteristicFormatUndo.pattern,
    { preValidation: namedCharacteristic, schema: { params: paramsOf(ROUTES.adminCharacteristicFormatUndo) } },
    async (request, reply) => {
      const characteristic = loaded(request, namedCharacteristic);
      const back = ROUTES.adminCharacteristic.path({ ref: characteristic.ref });
      const undone = await undoFormatChange(app.db, characteristic.id);
      if (!undone.ok) return reply.redirectWithErrors({ format: undone.message }, back);
      return reply.notify(CHARACTERISTIC_MESSAGES.formatUndone(undone.restored, undone.keptChanged)).redirectBack(back);
    },
  );

  app.post(
    ROUTES.adminCharacteristicReposition.pattern,
    { preValidation: namedCharacteristic, schema: { params: paramsOf(ROUTES.adminCharacteristicReposition), body: repositionBody } },
    async (request, reply) => {
      const characteristic = loaded(request, namedCharacteristic);
      await repositionCharacteristic(app.db, characteristic.id, request.body.position);
      return reply.redirectBack(ADMIN_CHARACTERISTICS_URL);
    },
  );

  app.delete(
    ROUTES.adminCharacteristic.pattern,
    { preValidation: namedCharacteristic, schema: { params: paramsOf(ROUTES.adminCharacteristic) } },
    async (request, reply) => {
      const characteristic = loaded(request, namedCharacteristic);
      await deleteCharacteristic(app.db, characteristic.id);
      reply.notify(CHARACTERISTIC_MESSAGES.deleted(characteristic.title));
      return reply.redirect(ADMIN_CHARACTERISTICS_URL, 303);
    },
  );
};
