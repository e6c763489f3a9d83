<?php
// Router of PHP's built-in web server for Debian's WordPress: uploads from the throwaway content
// directory, WordPress's own files as they are, everything else (pretty permalinks, /wp-json/)
// through index.php, as Apache's rewrite rules would.
// Debian's wp-config.php picks /etc/wordpress/config-<WORDPRESS_CONFIG>.php (README.Debian).
$_SERVER['WORDPRESS_CONFIG'] = getenv('WORDPRESS_CONFIG');
$path = parse_url($_SERVER['REQUEST_URI'], PHP_URL_PATH);
if (str_starts_with($path, '/wp-content/uploads/')) {
  $file = realpath(getenv('WP_TEST_CONTENT_DIR') . substr($path, strlen('/wp-content')));
  if ($file === false || !str_starts_with($file, getenv('WP_TEST_CONTENT_DIR') . '/')) {
    http_response_code(404);
    return true;
  }
  header('Content-Type: ' . mime_content_type($file));
  header('Content-Length: ' . filesize($file));
  readfile($file);
  return true;
}
if ($path !== '/' && is_file($_SERVER['DOCUMENT_ROOT'] . $path)) return false;
$_SERVER['SCRIPT_NAME'] = '/index.php';
require $_SERVER['DOCUMENT_ROOT'] . '/index.php';
