/** Limits both sides enforce: the browser for convenience, the server as the authority. */
export const PASSWORD_MIN = 8;
export const PASSWORD_MAX = 128;
export const NAME_MAX = 100;
export const PHONE_MAX = 30;
export const ADDRESS_MAX = 200;
export const EMAIL_MAX = 254;

export const TITLE_MIN = 5;
export const TITLE_MAX = 100;
export const DESCRIPTION_MIN = 20;
export const DESCRIPTION_MAX = 2000;
export const BRAND_MAX = 50;
export const MODEL_MAX = 50;
export const CALIBER_MAX = 30;
export const ACTION_MAX = 30;
export const SUBCATEGORY_MAX = 50;
export const LOCATION_MAX = 100;
export const PRICE_MAX = 10_000_000;
export const BARREL_LENGTH_MAX_MM = 2000;
export const CAPACITY_MAX = 500;
export const MAX_IMAGES = 5;
/** 12 fills whole rows of the home grid at 1, 2, 3 and 4 columns. */
export const HOME_LATEST = 12;
export const PAGE_SIZE = 24;
export const PAGE_SIZE_MAX = 48;
export const SEARCH_MAX = 100;
export const UPLOAD_MAX_BYTES = 10 * 1024 * 1024;
export const CROP_ASPECT = 4 / 3;
export const CROP_JPEG_QUALITY = 0.9;

/** At most this many saved searches per user (issue 11). */
export const SAVED_SEARCHES_MAX = 25;

export const MESSAGE_MAX = 2000;
export const REPORT_DETAILS_MAX = 1000;

/** Issue 28: a public price lowered by at least this share is told to those who keep the ad in favorites. */
export const PRICE_DROP_ALERT_RATIO = 0.05;
/** Issue 28: the ad page lists this many of its latest price changes. */
export const PRICE_HISTORY_SHOWN = 5;
