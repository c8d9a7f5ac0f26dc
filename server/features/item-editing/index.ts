/**
 * The public entry of server/features/item-editing: the field rules other editors share (messages, values,
 * characteristic values), item codes, and the body that restores a recorded field value (for the History). Another feature imports these from here,
 * never a file inside (`.dependency-cruiser.cjs`).
 */
export { parseCharacteristicValue } from './characteristic-values';
export { nextItemCode } from './codes';
export { ITEM_EDIT_ERRORS } from './messages';
export { optionalText, requiredText, text, wholeNumber, yesNo } from './values';
export { itemFieldRestore } from './update-field';
export { MAINTAINER_FIELD, CHARACTERISTIC_FIELD_PREFIX } from './fields';
