<?php

$user_id = (string) getenv('USER_ID');

$ch = curl_init();
curl_setopt_array($ch, [
    CURLOPT_URL => 'https://api.example.com/users/' . $user_id . '/orders',
    CURLOPT_RETURNTRANSFER => true,
]);

$response = curl_exec($ch);
if ($response === false) {
    fwrite(STDERR, curl_error($ch) . PHP_EOL);
    exit(1);
}
curl_close($ch);

echo $response;
