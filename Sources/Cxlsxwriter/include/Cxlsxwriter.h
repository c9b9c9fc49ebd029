#ifndef ALMANAC_CXLSXWRITER_H
#define ALMANAC_CXLSXWRITER_H
// libxlsxwriter, loaded when `export xlsx` first asks for it instead of when any almanac command
// starts: as a library the executable needed, it and the OpenSSL and minizip libraries it pulls
// in took 1–2 ms of every process's start (docs/PERFORMANCE.md). The library's header gives the
// types; the functions Almanac calls are the `almanac_` ones below, each calling the library's
// function of the same name through the pointer `almanac_xlsxwriter_load` found (loader.c).
// Call that first, and the others only when it returned 1.
#include <xlsxwriter.h>

/// Loads libxlsxwriter once, whichever thread asks: 1 when it and every function below were
/// found, else 0.
int almanac_xlsxwriter_load(void);

/// Why the library could not be loaded (dlerror's words), or NULL.
const char *almanac_xlsxwriter_error(void);

/// The file the library is loaded from: `ALMANAC_XLSXWRITER` when it is set, else
/// libxlsxwriter.so.4 from the system's library path.
const char *almanac_xlsxwriter_name(void);

lxw_workbook *almanac_workbook_new_opt(const char *filename, lxw_workbook_options *options);
lxw_error almanac_workbook_set_properties(lxw_workbook *workbook, lxw_doc_properties *properties);
lxw_format *almanac_workbook_add_format(lxw_workbook *workbook);
void almanac_format_set_bold(lxw_format *format);
void almanac_format_set_num_format(lxw_format *format, const char *num_format);
void almanac_format_set_bg_color(lxw_format *format, lxw_color_t color);
void almanac_format_set_font_color(lxw_format *format, lxw_color_t color);
void almanac_lxw_workbook_free(lxw_workbook *workbook);
lxw_error almanac_workbook_close(lxw_workbook *workbook);
char *almanac_lxw_strerror(lxw_error error_num);
lxw_worksheet *almanac_workbook_add_worksheet(lxw_workbook *workbook, const char *sheetname);
void almanac_worksheet_freeze_panes(lxw_worksheet *worksheet, lxw_row_t row, lxw_col_t col);
lxw_error almanac_worksheet_autofilter(lxw_worksheet *worksheet, lxw_row_t first_row, lxw_col_t first_col, lxw_row_t last_row, lxw_col_t last_col);
lxw_error almanac_worksheet_write_boolean(lxw_worksheet *worksheet, lxw_row_t row, lxw_col_t col, int value, lxw_format *format);
lxw_error almanac_worksheet_write_blank(lxw_worksheet *worksheet, lxw_row_t row, lxw_col_t col, lxw_format *format);
lxw_error almanac_worksheet_write_string(lxw_worksheet *worksheet, lxw_row_t row, lxw_col_t col, const char *string, lxw_format *format);
lxw_error almanac_worksheet_write_number(lxw_worksheet *worksheet, lxw_row_t row, lxw_col_t col, double number, lxw_format *format);
lxw_error almanac_worksheet_set_column(lxw_worksheet *worksheet, lxw_col_t first_col, lxw_col_t last_col, double width, lxw_format *format);
lxw_error almanac_worksheet_conditional_format_range(lxw_worksheet *worksheet, lxw_row_t first_row, lxw_col_t first_col, lxw_row_t last_row, lxw_col_t last_col, lxw_conditional_format *conditional_format);
lxw_chart *almanac_workbook_add_chart(lxw_workbook *workbook, uint8_t chart_type);
void almanac_chart_title_set_name(lxw_chart *chart, const char *name);
lxw_chart_series *almanac_chart_add_series(lxw_chart *chart, const char *categories, const char *values);
void almanac_chart_series_set_name_range(lxw_chart_series *series, const char *sheetname, lxw_row_t row, lxw_col_t col);
void almanac_chart_axis_set_num_format(lxw_chart_axis *axis, const char *num_format);
void almanac_chart_axis_set_min(lxw_chart_axis *axis, double min);
void almanac_chart_axis_set_max(lxw_chart_axis *axis, double max);
void almanac_chart_legend_set_position(lxw_chart *chart, uint8_t position);
lxw_error almanac_worksheet_insert_chart_opt(lxw_worksheet *worksheet, lxw_row_t row, lxw_col_t col, lxw_chart *chart, lxw_chart_options *user_options);
#endif
