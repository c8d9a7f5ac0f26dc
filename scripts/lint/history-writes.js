/**
 * An ESLint rule: a write to a table whose changes the history records runs in a transaction (`tx`), the one place
 * where the request's change context reaches the database (server/db/client.ts sets it as the transaction's first
 * statement, and the history's trigger reads it). A write outside one would be recorded without its author.
 *
 * It reports `x.insert(table)`, `x.update(table)` and `x.delete(table)`, and `x.execute(sql\`… update ${table} …\`)`,
 * on any receiver but `tx`, for the writes in RECORDED_WRITES (by the schema's names). tests/server/history-recording.test.ts
 * checks that list against the triggers the database's history is written by.
 */

/**
 * The schema exports of the tables with a `record_change` trigger (migrations 0022, 0026, 0027) and the writes it
 * records: every insert, update and delete, or only some (a comment's insert is not recorded, its approval is), and of
 * an update only those of the columns listed, where the trigger names its columns (a view count is no one's change).
 */
export const RECORDED_WRITES = {
  affirmationOptions: { insert: true, update: true, delete: true },
  characteristics: { insert: true, update: true, delete: true },
  comments: { update: ['approved'], delete: true },
  contents: {
    insert: true,
    update: [
      'itemId',
      'label',
      'description',
      'format',
      'lengthMinutes',
      'sizeBytes',
      'copyright',
      'googleDriveFileId',
      'exportMode',
      'minimumAccessLevel',
      'published',
      'isSampleOfId',
      'position',
    ],
    delete: true,
  },
  invitations: { insert: true, update: true, delete: true },
  itemCharacteristics: { insert: true, update: true, delete: true },
  itemImages: { insert: true, update: true, delete: true },
  itemTags: { insert: true, delete: true },
  items: {
    insert: true,
    update: [
      'code',
      'title',
      'topic',
      'blurb',
      'authors',
      'visibility',
      'minimumAccessLevel',
      'availableExternalLink',
      'initialPublicationYearMonth',
      'lastUpdatedYearMonth',
      'googleDriveFolderId',
      'expiresAt',
      'expiresNote',
      'reviewAfter',
      'review',
      'showCreatedBy',
      'showAsUserContributed',
      'createdByUserId',
    ],
    delete: true,
  },
  relations: { insert: true, update: true, delete: true },
  shares: { insert: true, update: true, delete: true },
  tags: { insert: true, update: true, delete: true },
  taxonomies: { insert: true, update: true, delete: true },
  users: { update: ['userTypeId', 'admin', 'superadmin', 'manager', 'manageUsers'] },
};

/** Whether `operation` on `table` is recorded; for an update, given the columns it sets when they are known. */
function isRecorded(table, operation, columns = null) {
  const recorded = Object.hasOwn(RECORDED_WRITES, table) ? RECORDED_WRITES[table][operation] : undefined;
  if (!recorded) return false;
  if (recorded === true || columns === null) return true;
  return columns.some((column) => recorded.includes(column));
}

/** The keys of `.set({ … })` right after `x.update(table)`, or null when they cannot be read from the code. */
function columnsSet(updateCall) {
  const member = updateCall.parent;
  if (member?.type !== 'MemberExpression' || member.property.type !== 'Identifier' || member.property.name !== 'set') return null;
  const [values] = member.parent?.type === 'CallExpression' ? member.parent.arguments : [];
  if (values?.type !== 'ObjectExpression') return null;
  const keys = [];
  for (const property of values.properties) {
    if (property.type !== 'Property' || property.computed) return null;
    keys.push(property.key.type === 'Identifier' ? property.key.name : String(property.key.value));
  }
  return keys;
}

const WRITE_METHODS = new Set(['insert', 'update', 'delete']);
/** The end of a template's text just before an interpolated table: `update `, `insert into `, `delete from `. */
const WRITE_BEFORE_TABLE = /\b(update|insert\s+into|delete\s+from)\s*$/i;

const isTransaction = (node) => node.type === 'Identifier' && node.name === 'tx';

/** The recorded table a sql`…` template writes, or null. */
function writtenTable(template) {
  for (const [index, expression] of template.quasi.expressions.entries()) {
    const before = WRITE_BEFORE_TABLE.exec(template.quasi.quasis[index].value.cooked ?? '');
    const operation = before?.[1].split(/\s/)[0].toLowerCase();
    if (operation && expression.type === 'Identifier' && isRecorded(expression.name, operation)) return expression.name;
  }
  return null;
}

const rule = {
  meta: {
    type: 'problem',
    docs: { description: 'Writes to tables the history records run in a transaction, so the history knows who made them.' },
    messages: {
      outsideTransaction:
        "Write {{table}} inside db.transaction((tx) => …) and call it on `tx`: the history records who changes {{table}}, and only a transaction hands it the request's change context.",
    },
    schema: [],
  },
  create(context) {
    return {
      CallExpression(node) {
        const callee = node.callee;
        if (callee.type !== 'MemberExpression' || callee.property.type !== 'Identifier' || isTransaction(callee.object)) return;
        const method = callee.property.name;
        const [first] = node.arguments;
        let table = null;
        if (WRITE_METHODS.has(method) && first?.type === 'Identifier' && isRecorded(first.name, method, method === 'update' ? columnsSet(node) : null)) {
          table = first.name;
        } else if (method === 'execute' && first?.type === 'TaggedTemplateExpression' && first.tag.type === 'Identifier' && first.tag.name === 'sql') {
          table = writtenTable(first);
        }
        if (table) context.report({ node, messageId: 'outsideTransaction', data: { table } });
      },
    };
  },
};

export default { rules: { 'writes-in-transactions': rule } };
