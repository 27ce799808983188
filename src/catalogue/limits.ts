/**
 * Bounds on what one request may carry and on what an error answer may say,
 * so that the work of reading and refusing a request, and the size of the
 * refusal, do not grow with what a client sends (docs/security.md).
 */

/**
 * Values one request may carry: each name=value pair of the query string or
 * a form body, and each member and list element of a JSON body, counts one.
 * The largest operation has 20 parameters; a list has at most MAX_LIST
 * elements. Past this the server stops reading and refuses the request.
 */
export const MAX_VALUES = 100;

/** Elements of a list parameter (`tipo_documento` has 9 codes, `finalidade` 4). */
export const MAX_LIST = 16;

/** Field errors an error message describes; the rest are counted ("and 12 more"). At least the largest operation's parameter count. */
export const MAX_DESCRIBED = 20;

/** Characters of a name that is not a parameter that an error message repeats. */
export const ECHOED_NAME = 40;
