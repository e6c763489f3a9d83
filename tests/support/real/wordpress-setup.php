<?php
// Installs a throwaway Debian WordPress the way its installer does (wp_install), with the show's
// category ids, pretty permalinks (so /wp-json/ routes exist) and an editor holding an
// application password, printed as JSON for the test to post content through the REST API.
define('WP_INSTALLING', true);
$_SERVER['HTTP_HOST'] = getenv('WP_TEST_HOST');
require '/usr/share/wordpress/wp-load.php';
require_once ABSPATH . 'wp-admin/includes/upgrade.php';
add_filter('pre_wp_mail', '__return_false'); // no mail transport on a test machine

wp_install('Ham Radio Show contract', 'admin', 'admin@example.test', true, '', wp_generate_password(24));
update_option('permalink_structure', '/%year%/%postname%/');
flush_rewrite_rules(true);

// The show's category ids are fixed (4, 5, 6, 7, 23); WordPress numbers terms in order.
$names = [4 => 'WTF News', 5 => 'DTH News', 6 => 'SpankBank', 7 => 'Slider', 23 => 'Gallery'];
for ($i = 2; $i <= 23; $i++) {
  $term = wp_insert_term($names[$i] ?? "Other $i", 'category');
  if (is_wp_error($term) || $term['term_id'] !== $i) {
    fwrite(STDERR, "category $i got " . json_encode($term) . "\n");
    exit(1);
  }
}

$editor = wp_insert_user(['user_login' => 'editor', 'user_pass' => wp_generate_password(24), 'role' => 'editor', 'user_email' => 'editor@example.test']);
[$password] = WP_Application_Passwords::create_new_application_password($editor, ['name' => 'contract tests']);
echo json_encode(['user' => 'editor', 'password' => $password]);
