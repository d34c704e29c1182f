<?php

$base_url = (string) getenv('BASE_URL');

$ch = curl_init();
curl_setopt_array($ch, [CURLOPT_URL => $base_url . '/items', CURLOPT_RETURNTRANSFER => true]);

$response = curl_exec($ch);
if ($response === false) {
    fwrite(STDERR, curl_error($ch) . PHP_EOL);
    exit(1);
}
curl_close($ch);

echo $response;
