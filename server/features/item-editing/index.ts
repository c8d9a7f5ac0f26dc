/**
 * The public entry of server/features/item-editing: the field rules other editors share (messages, values,
 * characteristic values), item codes, the body that restores a recorded field value (for the History), and the field rules batch edits apply. Another feature imports these from here,
 * never a file inside (`.dependency-cruiser.cjs`).
 */
export { parseCharacteristicValue } from './characteristic-values';
export { nextItemCode } from './codes';
export { ITEM_EDIT_ERRORS } from './messages';
export { optionalText, requiredText, text, wholeNumber, yesNo } from './values';
export { itemFieldRestore } from './update-field';
export { ITEM_FIELDS, MAINTAINER_FIELD, CHARACTERISTIC_FIELD_PREFIX, maintainerRef } from './fields';
