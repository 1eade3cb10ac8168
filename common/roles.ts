/** Roles (kept free of zod so the web app's first load does not pull it in). */
export const ROLES = ['user', 'admin.moderator', 'admin.super'] as const;
export type Role = (typeof ROLES)[number];

export const isStaffRole = (role: string | null | undefined): boolean =>
  role === 'admin.moderator' || role === 'admin.super';
