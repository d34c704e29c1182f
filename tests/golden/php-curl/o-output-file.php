<?php

$fp = fopen('out.json', 'wb');

$ch = curl_init();
curl_setopt_array($ch, [CURLOPT_URL => 'https://api.example.com/', CURLOPT_FILE => $fp]);

if (curl_exec($ch) === false) {
    fwrite(STDERR, curl_error($ch) . PHP_EOL);
    exit(1);
}
curl_close($ch);
fclose($fp);
