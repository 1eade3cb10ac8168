/** A timestamp as the API sends it: drivers hand back a Date (pg) or a string (raw rows). */
export const iso = (value: Date | string) => new Date(value).toISOString();
