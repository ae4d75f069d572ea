/** The help feature's front door: the help centre's pages and how an address finds its article. */
export { HelpArticleBody, HelpHome } from './HelpCentre.tsx'
export { findHelpArticle, HELP_TEXTS, localeOfHelpLanguage } from './help-articles.ts'
