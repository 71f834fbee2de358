/** The appliance's version; the bundle builder checks it against package.json. */
export const VERSION = '0.1.0';
