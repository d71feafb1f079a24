/* Keeps the support library non-empty. */
typedef int carc_test_support_empty;
