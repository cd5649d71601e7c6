// The interface's English messages for the unit tests of web/js modules that say things in
// words (in the browser, web/js/i18n.js loads them itself). Import it before those modules.

import { readFileSync } from 'node:fs';
import { useMessages } from '../../../../web/js/i18n.js';

const en = readFileSync(new URL('../../../../web/i18n/en.ftl', import.meta.url), 'utf8');
useMessages('en', en, en);
