#ifndef ALMANAC_TEMPLATES_H
#define ALMANAC_TEMPLATES_H
// The default templates (Templates/ at the top of the repository), built into the binary.

/// The text of the built-in template file `name` (such as "layout.html.mustache"), or NULL.
const char *almanac_builtin_template(const char *name);

/// How many built-in template files there are, and the name of each (NULL past the last).
unsigned almanac_builtin_template_count(void);
const char *almanac_builtin_template_name(unsigned index);
#endif
