#ifndef ALMANAC_CXLSXWRITER_SHIM_H
#define ALMANAC_CXLSXWRITER_SHIM_H
// libxlsxwriter, loaded when `export xlsx` first asks for it rather than when any almanac command
// starts: as a library the executable needs, it and the OpenSSL library it pulls in took 0.6-0.8 ms
// of every process's start (docs/PERFORMANCE.md). The library's header declares its functions
// under other names (the defines below); the functions Almanac calls, under their own names, are
// the wrappers at the end, which call through the pointers `almanac_xlsxwriter_load` found.
// Call that first, and only call the wrappers when it returned 1.
#include <dlfcn.h>
#include <pthread.h>

#define workbook_new_opt almanac_declared_workbook_new_opt
#define workbook_set_properties almanac_declared_workbook_set_properties
#define workbook_add_format almanac_declared_workbook_add_format
#define format_set_bold almanac_declared_format_set_bold
#define format_set_num_format almanac_declared_format_set_num_format
#define format_set_bg_color almanac_declared_format_set_bg_color
#define format_set_font_color almanac_declared_format_set_font_color
#define lxw_workbook_free almanac_declared_lxw_workbook_free
#define workbook_close almanac_declared_workbook_close
#define lxw_strerror almanac_declared_lxw_strerror
#define workbook_add_worksheet almanac_declared_workbook_add_worksheet
#define worksheet_freeze_panes almanac_declared_worksheet_freeze_panes
#define worksheet_autofilter almanac_declared_worksheet_autofilter
#define worksheet_write_boolean almanac_declared_worksheet_write_boolean
#define worksheet_write_blank almanac_declared_worksheet_write_blank
#define worksheet_write_string almanac_declared_worksheet_write_string
#define worksheet_write_number almanac_declared_worksheet_write_number
#define worksheet_set_column almanac_declared_worksheet_set_column
#define worksheet_conditional_format_range almanac_declared_worksheet_conditional_format_range
#define workbook_add_chart almanac_declared_workbook_add_chart
#define chart_title_set_name almanac_declared_chart_title_set_name
#define chart_add_series almanac_declared_chart_add_series
#define chart_series_set_name_range almanac_declared_chart_series_set_name_range
#define chart_axis_set_num_format almanac_declared_chart_axis_set_num_format
#define chart_axis_set_min almanac_declared_chart_axis_set_min
#define chart_axis_set_max almanac_declared_chart_axis_set_max
#define chart_legend_set_position almanac_declared_chart_legend_set_position
#define worksheet_insert_chart_opt almanac_declared_worksheet_insert_chart_opt
#include <xlsxwriter.h>
#undef workbook_new_opt
#undef workbook_set_properties
#undef workbook_add_format
#undef format_set_bold
#undef format_set_num_format
#undef format_set_bg_color
#undef format_set_font_color
#undef lxw_workbook_free
#undef workbook_close
#undef lxw_strerror
#undef workbook_add_worksheet
#undef worksheet_freeze_panes
#undef worksheet_autofilter
#undef worksheet_write_boolean
#undef worksheet_write_blank
#undef worksheet_write_string
#undef worksheet_write_number
#undef worksheet_set_column
#undef worksheet_conditional_format_range
#undef workbook_add_chart
#undef chart_title_set_name
#undef chart_add_series
#undef chart_series_set_name_range
#undef chart_axis_set_num_format
#undef chart_axis_set_min
#undef chart_axis_set_max
#undef chart_legend_set_position
#undef worksheet_insert_chart_opt

// The library's functions that Almanac calls, typed as its header declares them.
typedef struct {
    __typeof__(&almanac_declared_workbook_new_opt) workbook_new_opt;
    __typeof__(&almanac_declared_workbook_set_properties) workbook_set_properties;
    __typeof__(&almanac_declared_workbook_add_format) workbook_add_format;
    __typeof__(&almanac_declared_format_set_bold) format_set_bold;
    __typeof__(&almanac_declared_format_set_num_format) format_set_num_format;
    __typeof__(&almanac_declared_format_set_bg_color) format_set_bg_color;
    __typeof__(&almanac_declared_format_set_font_color) format_set_font_color;
    __typeof__(&almanac_declared_lxw_workbook_free) lxw_workbook_free;
    __typeof__(&almanac_declared_workbook_close) workbook_close;
    __typeof__(&almanac_declared_lxw_strerror) lxw_strerror;
    __typeof__(&almanac_declared_workbook_add_worksheet) workbook_add_worksheet;
    __typeof__(&almanac_declared_worksheet_freeze_panes) worksheet_freeze_panes;
    __typeof__(&almanac_declared_worksheet_autofilter) worksheet_autofilter;
    __typeof__(&almanac_declared_worksheet_write_boolean) worksheet_write_boolean;
    __typeof__(&almanac_declared_worksheet_write_blank) worksheet_write_blank;
    __typeof__(&almanac_declared_worksheet_write_string) worksheet_write_string;
    __typeof__(&almanac_declared_worksheet_write_number) worksheet_write_number;
    __typeof__(&almanac_declared_worksheet_set_column) worksheet_set_column;
    __typeof__(&almanac_declared_worksheet_conditional_format_range) worksheet_conditional_format_range;
    __typeof__(&almanac_declared_workbook_add_chart) workbook_add_chart;
    __typeof__(&almanac_declared_chart_title_set_name) chart_title_set_name;
    __typeof__(&almanac_declared_chart_add_series) chart_add_series;
    __typeof__(&almanac_declared_chart_series_set_name_range) chart_series_set_name_range;
    __typeof__(&almanac_declared_chart_axis_set_num_format) chart_axis_set_num_format;
    __typeof__(&almanac_declared_chart_axis_set_min) chart_axis_set_min;
    __typeof__(&almanac_declared_chart_axis_set_max) chart_axis_set_max;
    __typeof__(&almanac_declared_chart_legend_set_position) chart_legend_set_position;
    __typeof__(&almanac_declared_worksheet_insert_chart_opt) worksheet_insert_chart_opt;
} almanac_xlsxwriter_functions;

// The pointers, and whether all were found (state local to functions: a header's own globals
// would not be emitted for Swift).
static inline almanac_xlsxwriter_functions *almanac_xlsxwriter_table(void) {
    static almanac_xlsxwriter_functions table;
    return &table;
}

static inline int *almanac_xlsxwriter_found(void) {
    static int found;
    return &found;
}

#define almanac_xlsxwriter (*almanac_xlsxwriter_table())

static void almanac_xlsxwriter_open(void) {
    void *library = dlopen("libxlsxwriter.so.4", RTLD_NOW | RTLD_LOCAL);
    if (!library) return;
    if (!(almanac_xlsxwriter.workbook_new_opt = (__typeof__(almanac_xlsxwriter.workbook_new_opt))dlsym(library, "workbook_new_opt"))) return;
    if (!(almanac_xlsxwriter.workbook_set_properties = (__typeof__(almanac_xlsxwriter.workbook_set_properties))dlsym(library, "workbook_set_properties"))) return;
    if (!(almanac_xlsxwriter.workbook_add_format = (__typeof__(almanac_xlsxwriter.workbook_add_format))dlsym(library, "workbook_add_format"))) return;
    if (!(almanac_xlsxwriter.format_set_bold = (__typeof__(almanac_xlsxwriter.format_set_bold))dlsym(library, "format_set_bold"))) return;
    if (!(almanac_xlsxwriter.format_set_num_format = (__typeof__(almanac_xlsxwriter.format_set_num_format))dlsym(library, "format_set_num_format"))) return;
    if (!(almanac_xlsxwriter.format_set_bg_color = (__typeof__(almanac_xlsxwriter.format_set_bg_color))dlsym(library, "format_set_bg_color"))) return;
    if (!(almanac_xlsxwriter.format_set_font_color = (__typeof__(almanac_xlsxwriter.format_set_font_color))dlsym(library, "format_set_font_color"))) return;
    if (!(almanac_xlsxwriter.lxw_workbook_free = (__typeof__(almanac_xlsxwriter.lxw_workbook_free))dlsym(library, "lxw_workbook_free"))) return;
    if (!(almanac_xlsxwriter.workbook_close = (__typeof__(almanac_xlsxwriter.workbook_close))dlsym(library, "workbook_close"))) return;
    if (!(almanac_xlsxwriter.lxw_strerror = (__typeof__(almanac_xlsxwriter.lxw_strerror))dlsym(library, "lxw_strerror"))) return;
    if (!(almanac_xlsxwriter.workbook_add_worksheet = (__typeof__(almanac_xlsxwriter.workbook_add_worksheet))dlsym(library, "workbook_add_worksheet"))) return;
    if (!(almanac_xlsxwriter.worksheet_freeze_panes = (__typeof__(almanac_xlsxwriter.worksheet_freeze_panes))dlsym(library, "worksheet_freeze_panes"))) return;
    if (!(almanac_xlsxwriter.worksheet_autofilter = (__typeof__(almanac_xlsxwriter.worksheet_autofilter))dlsym(library, "worksheet_autofilter"))) return;
    if (!(almanac_xlsxwriter.worksheet_write_boolean = (__typeof__(almanac_xlsxwriter.worksheet_write_boolean))dlsym(library, "worksheet_write_boolean"))) return;
    if (!(almanac_xlsxwriter.worksheet_write_blank = (__typeof__(almanac_xlsxwriter.worksheet_write_blank))dlsym(library, "worksheet_write_blank"))) return;
    if (!(almanac_xlsxwriter.worksheet_write_string = (__typeof__(almanac_xlsxwriter.worksheet_write_string))dlsym(library, "worksheet_write_string"))) return;
    if (!(almanac_xlsxwriter.worksheet_write_number = (__typeof__(almanac_xlsxwriter.worksheet_write_number))dlsym(library, "worksheet_write_number"))) return;
    if (!(almanac_xlsxwriter.worksheet_set_column = (__typeof__(almanac_xlsxwriter.worksheet_set_column))dlsym(library, "worksheet_set_column"))) return;
    if (!(almanac_xlsxwriter.worksheet_conditional_format_range = (__typeof__(almanac_xlsxwriter.worksheet_conditional_format_range))dlsym(library, "worksheet_conditional_format_range"))) return;
    if (!(almanac_xlsxwriter.workbook_add_chart = (__typeof__(almanac_xlsxwriter.workbook_add_chart))dlsym(library, "workbook_add_chart"))) return;
    if (!(almanac_xlsxwriter.chart_title_set_name = (__typeof__(almanac_xlsxwriter.chart_title_set_name))dlsym(library, "chart_title_set_name"))) return;
    if (!(almanac_xlsxwriter.chart_add_series = (__typeof__(almanac_xlsxwriter.chart_add_series))dlsym(library, "chart_add_series"))) return;
    if (!(almanac_xlsxwriter.chart_series_set_name_range = (__typeof__(almanac_xlsxwriter.chart_series_set_name_range))dlsym(library, "chart_series_set_name_range"))) return;
    if (!(almanac_xlsxwriter.chart_axis_set_num_format = (__typeof__(almanac_xlsxwriter.chart_axis_set_num_format))dlsym(library, "chart_axis_set_num_format"))) return;
    if (!(almanac_xlsxwriter.chart_axis_set_min = (__typeof__(almanac_xlsxwriter.chart_axis_set_min))dlsym(library, "chart_axis_set_min"))) return;
    if (!(almanac_xlsxwriter.chart_axis_set_max = (__typeof__(almanac_xlsxwriter.chart_axis_set_max))dlsym(library, "chart_axis_set_max"))) return;
    if (!(almanac_xlsxwriter.chart_legend_set_position = (__typeof__(almanac_xlsxwriter.chart_legend_set_position))dlsym(library, "chart_legend_set_position"))) return;
    if (!(almanac_xlsxwriter.worksheet_insert_chart_opt = (__typeof__(almanac_xlsxwriter.worksheet_insert_chart_opt))dlsym(library, "worksheet_insert_chart_opt"))) return;
    *almanac_xlsxwriter_found() = 1;
}

/// Loads libxlsxwriter (once, whichever thread asks): 1 when it and every function Almanac calls
/// were found, else 0.
static inline int almanac_xlsxwriter_load(void) {
    static pthread_once_t once = PTHREAD_ONCE_INIT;
    pthread_once(&once, almanac_xlsxwriter_open);
    return *almanac_xlsxwriter_found();
}

/// What `dlopen` said when the library could not be loaded.
static inline const char *almanac_xlsxwriter_error(void) { return dlerror(); }

static inline lxw_workbook *workbook_new_opt(const char *filename, lxw_workbook_options *options) { return almanac_xlsxwriter.workbook_new_opt(filename, options); }
static inline lxw_error workbook_set_properties(lxw_workbook *workbook, lxw_doc_properties *properties) { return almanac_xlsxwriter.workbook_set_properties(workbook, properties); }
static inline lxw_format *workbook_add_format(lxw_workbook *workbook) { return almanac_xlsxwriter.workbook_add_format(workbook); }
static inline void format_set_bold(lxw_format *format) { almanac_xlsxwriter.format_set_bold(format); }
static inline void format_set_num_format(lxw_format *format, const char *num_format) { almanac_xlsxwriter.format_set_num_format(format, num_format); }
static inline void format_set_bg_color(lxw_format *format, lxw_color_t color) { almanac_xlsxwriter.format_set_bg_color(format, color); }
static inline void format_set_font_color(lxw_format *format, lxw_color_t color) { almanac_xlsxwriter.format_set_font_color(format, color); }
static inline void lxw_workbook_free(lxw_workbook *workbook) { almanac_xlsxwriter.lxw_workbook_free(workbook); }
static inline lxw_error workbook_close(lxw_workbook *workbook) { return almanac_xlsxwriter.workbook_close(workbook); }
static inline char *lxw_strerror(lxw_error error_num) { return almanac_xlsxwriter.lxw_strerror(error_num); }
static inline lxw_worksheet *workbook_add_worksheet(lxw_workbook *workbook, const char *sheetname) { return almanac_xlsxwriter.workbook_add_worksheet(workbook, sheetname); }
static inline void worksheet_freeze_panes(lxw_worksheet *worksheet, lxw_row_t row, lxw_col_t col) { almanac_xlsxwriter.worksheet_freeze_panes(worksheet, row, col); }
static inline lxw_error worksheet_autofilter(lxw_worksheet *worksheet, lxw_row_t first_row, lxw_col_t first_col, lxw_row_t last_row, lxw_col_t last_col) { return almanac_xlsxwriter.worksheet_autofilter(worksheet, first_row, first_col, last_row, last_col); }
static inline lxw_error worksheet_write_boolean(lxw_worksheet *worksheet, lxw_row_t row, lxw_col_t col, int value, lxw_format *format) { return almanac_xlsxwriter.worksheet_write_boolean(worksheet, row, col, value, format); }
static inline lxw_error worksheet_write_blank(lxw_worksheet *worksheet, lxw_row_t row, lxw_col_t col, lxw_format *format) { return almanac_xlsxwriter.worksheet_write_blank(worksheet, row, col, format); }
static inline lxw_error worksheet_write_string(lxw_worksheet *worksheet, lxw_row_t row, lxw_col_t col, const char *string, lxw_format *format) { return almanac_xlsxwriter.worksheet_write_string(worksheet, row, col, string, format); }
static inline lxw_error worksheet_write_number(lxw_worksheet *worksheet, lxw_row_t row, lxw_col_t col, double number, lxw_format *format) { return almanac_xlsxwriter.worksheet_write_number(worksheet, row, col, number, format); }
static inline lxw_error worksheet_set_column(lxw_worksheet *worksheet, lxw_col_t first_col, lxw_col_t last_col, double width, lxw_format *format) { return almanac_xlsxwriter.worksheet_set_column(worksheet, first_col, last_col, width, format); }
static inline lxw_error worksheet_conditional_format_range(lxw_worksheet *worksheet, lxw_row_t first_row, lxw_col_t first_col, lxw_row_t last_row, lxw_col_t last_col, lxw_conditional_format *conditional_format) { return almanac_xlsxwriter.worksheet_conditional_format_range(worksheet, first_row, first_col, last_row, last_col, conditional_format); }
static inline lxw_chart *workbook_add_chart(lxw_workbook *workbook, uint8_t chart_type) { return almanac_xlsxwriter.workbook_add_chart(workbook, chart_type); }
static inline void chart_title_set_name(lxw_chart *chart, const char *name) { almanac_xlsxwriter.chart_title_set_name(chart, name); }
static inline lxw_chart_series *chart_add_series(lxw_chart *chart, const char *categories, const char *values) { return almanac_xlsxwriter.chart_add_series(chart, categories, values); }
static inline void chart_series_set_name_range(lxw_chart_series *series, const char *sheetname, lxw_row_t row, lxw_col_t col) { almanac_xlsxwriter.chart_series_set_name_range(series, sheetname, row, col); }
static inline void chart_axis_set_num_format(lxw_chart_axis *axis, const char *num_format) { almanac_xlsxwriter.chart_axis_set_num_format(axis, num_format); }
static inline void chart_axis_set_min(lxw_chart_axis *axis, double min) { almanac_xlsxwriter.chart_axis_set_min(axis, min); }
static inline void chart_axis_set_max(lxw_chart_axis *axis, double max) { almanac_xlsxwriter.chart_axis_set_max(axis, max); }
static inline void chart_legend_set_position(lxw_chart *chart, uint8_t position) { almanac_xlsxwriter.chart_legend_set_position(chart, position); }
static inline lxw_error worksheet_insert_chart_opt(lxw_worksheet *worksheet, lxw_row_t row, lxw_col_t col, lxw_chart *chart, lxw_chart_options *user_options) { return almanac_xlsxwriter.worksheet_insert_chart_opt(worksheet, row, col, chart, user_options); }
#endif
