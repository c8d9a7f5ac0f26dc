/**
 * The reference page's props (`/api`), read from the OpenAPI document itself: each operation with its parameters,
 * its responses and their fields, and a curl command; so the page says what the document says.
 */
import type { OpenAPIV3_1 } from 'openapi-types';
import {
  API_PROBLEM_TYPES,
  OPENAPI_PATH,
  PROBLEM_CONTENT_TYPE,
  type ApiReferenceField,
  type ApiReferenceOperation,
  type ApiReferencePage,
} from '../../../shared/api';
import { API_VERSION } from './openapi';

type Schema = OpenAPIV3_1.SchemaObject;
const METHODS = ['get', 'put', 'post', 'patch', 'delete'] as const;
/** Deep enough for an item's tags' taxonomy (`data[].tags[].taxonomy.ref`). */
const FIELD_DEPTH = 4;

/** What the reference page shows, with the examples calling `baseUrl` and a search for `exampleSearch`. */
export function apiReferencePage(document: OpenAPIV3_1.Document, baseUrl: string, exampleSearch: string): ApiReferencePage {
  const operations: ApiReferenceOperation[] = [];
  for (const [path, item] of Object.entries(document.paths ?? {})) {
    for (const method of METHODS) {
      const operation = item?.[method];
      if (operation) operations.push(referenceOperation(method, path, operation, baseUrl, exampleSearch));
    }
  }
  const problemFields = operations.flatMap((operation) => operation.responses).find((response) => response.contentType === PROBLEM_CONTENT_TYPE)?.fields ?? [];
  return { baseUrl, openapiPath: OPENAPI_PATH, version: document.info.version ?? API_VERSION, operations, problems: [...API_PROBLEM_TYPES], problemFields };
}

function referenceOperation(
  method: string,
  path: string,
  operation: OpenAPIV3_1.OperationObject,
  baseUrl: string,
  exampleSearch: string,
): ApiReferenceOperation {
  const parameters = (operation.parameters ?? []).filter(isParameter).map((parameter) => ({
    name: parameter.name,
    in: parameter.in === 'path' ? ('path' as const) : ('query' as const),
    required: parameter.required ?? false,
    type: typeOf((parameter.schema ?? {}) as Schema),
    description: parameter.description ?? ((parameter.schema as Schema | undefined)?.description || ''),
  }));
  const responses = Object.entries(operation.responses ?? {}).flatMap(([status, response]) => {
    if (!response || '$ref' in response) return [];
    return Object.entries(response.content ?? { '': {} }).map(([contentType, media]) => ({
      status,
      description: response.description,
      contentType,
      fields: fieldsOf((media.schema ?? {}) as Schema, '', 0),
    }));
  });
  const searchable = parameters.some((parameter) => parameter.name === 'search');
  const url = `${baseUrl.replace(/\/+$/, '')}${path}${searchable ? `?search=${encodeURIComponent(exampleSearch)}` : ''}`;
  return {
    id: operation.operationId ?? `${method}-${path}`,
    method: method.toUpperCase(),
    path,
    summary: operation.summary ?? '',
    description: operation.description ?? '',
    parameters,
    responses,
    curl: `curl -H "Authorization: Bearer $EQUIP_TOKEN" "${url}"`,
  };
}

function isParameter(parameter: OpenAPIV3_1.ReferenceObject | OpenAPIV3_1.ParameterObject): parameter is OpenAPIV3_1.ParameterObject {
  return !('$ref' in parameter);
}

/** The fields of a body, each by its path (`data[].ref`), as far as FIELD_DEPTH. */
function fieldsOf(schema: Schema, prefix: string, depth: number): ApiReferenceField[] {
  const object = objectOf(schema);
  if (!object || depth >= FIELD_DEPTH) return [];
  return Object.entries(object.properties ?? {}).flatMap(([name, property]) => {
    const field = property as Schema;
    const path = `${prefix}${name}`;
    const nested = arrayItemsOf(field);
    const below = nested ? fieldsOf(nested, `${path}[].`, depth + 1) : fieldsOf(field, `${path}.`, depth + 1);
    const required = (object.required ?? []).includes(name) ? '' : ' (optional)';
    return [{ path, type: `${typeOf(field)}${required}`, description: field.description ?? '' }, ...below];
  });
}

/** The object a schema describes, also when it may be null (`anyOf: [object, null]`). */
function objectOf(schema: Schema): Schema | null {
  if (schema.type === 'object') return schema;
  const object = schema.anyOf?.find((option) => (option as Schema).type === 'object');
  return (object as Schema | undefined) ?? null;
}

function arrayItemsOf(schema: Schema): Schema | null {
  const array = schema.type === 'array' ? schema : (schema.anyOf?.find((option) => (option as Schema).type === 'array') as Schema | undefined);
  return array && 'items' in array && array.items ? (array.items as Schema) : null;
}

/** A schema's type as people read it: `string (uri)`, `integer | null`, `one of: a, b`, `array of object`. */
function typeOf(schema: Schema): string {
  if (schema.anyOf) return schema.anyOf.map((option) => typeOf(option as Schema)).join(' | ');
  if (schema.enum) return `one of: ${schema.enum.map(String).join(', ')}`;
  if (schema.type === 'array') return `array of ${typeOf(((schema as { items?: Schema }).items ?? {}) as Schema)}`;
  const type = [schema.type ?? 'any'].flat().join(' | ');
  return schema.format ? `${type} (${schema.format})` : type;
}
