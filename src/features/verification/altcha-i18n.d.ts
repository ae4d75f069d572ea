// These ALTCHA language files ship without the type declarations their package's export map names; each only
// registers its strings in the widget's global registry.
declare module 'altcha/i18n/zh-cn'
declare module 'altcha/i18n/zh-tw'
declare module 'altcha/i18n/pt-pt'
declare module 'altcha/i18n/fr-fr'
declare module 'altcha/i18n/es-es'
